/**
 * Imported first by the entry of every ctxopt package, so that it runs before undici (or
 * anything else that needs a newer Node) is loaded. undici 8 fails at import on Node 20
 * with `Cannot read properties of undefined (reading 'bind')`, deep in its own code; this
 * says instead, once, which Node the packages need.
 *
 * Built as a file of its own (`dist/node-version-guard.js` / `.cjs`) and kept as a separate
 * import in every entry: a bundled copy would run after the entry's external imports, which
 * ES modules evaluate first.
 */

/** The oldest Node.js major version the packages run on (the `engines` of each package). */
export const MINIMUM_NODE_MAJOR = 22;

const version = typeof process === 'object' ? process.versions?.node : undefined;
if (version !== undefined && Number(version.split('.')[0]) < MINIMUM_NODE_MAJOR) {
  throw new Error(
    `The ctxopt packages need Node.js ${MINIMUM_NODE_MAJOR} or later; this is Node.js ${version}. Upgrade Node.js (https://nodejs.org) and run again.`,
  );
}
