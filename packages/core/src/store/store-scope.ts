import { createHash, createHmac, randomBytes } from 'node:crypto';
import { InvalidOptionError } from '../errors.ts';

/**
 * Where an optimizer keeps the one-way derivation of its credential (never the key
 * itself): `ContextOptimizerClient` answers with an HMAC of its API key. A registered
 * symbol, so a check still works when two copies of the package are installed.
 */
export const STORE_CREDENTIAL = Symbol.for('ctxopt.storeCredential');

/** The one-way derivation of an API key that scopes and authenticates stored records. */
export function storeCredentialOf(apiKey: string): Buffer {
  return createHmac('sha256', 'ctxopt store credential v1').update(apiKey).digest();
}

/** Options that decide whose records a store holds and how they are authenticated. */
export interface StoreScopeOptions {
  /**
   * The tenant inside the deployment: a user or organisation id in an app that serves many
   * users, or the app's name where several apps run an in-process optimizer on one store.
   * Nothing stored under one scope is ever read under another. @default none (the API key's tenant)
   */
  scope?: string;
  /**
   * The secret stored records are authenticated with (HMAC-SHA256), at least 16
   * characters; instances that share a store must share it.
   * @default env `CTXOPT_STORE_SECRET`, else derived from the API key, else a random secret of this process
   */
  storeSecret?: string;
}

/** Where the credential of a scope comes from: an optimizer, or an API key. */
export interface StoreScopeSource extends StoreScopeOptions {
  optimizer?: unknown;
  apiKey?: string | undefined;
}

// Without a configured secret nor an API key, records are authenticated by this process
// alone: nothing another process wrote can pass for ours.
const processSecret = randomBytes(32);

/**
 * The tenant and the record secret of one scope. Store keys carry the tenant id (a hash,
 * never the key nor the scope in clear); keys, handles and records are HMACs under the
 * secret, so a record written by anyone without it is never used.
 */
export class StoreScope {
  /** 32 hex digits naming the tenant in store keys. */
  readonly tenant: string;
  readonly #credential: Buffer | undefined;
  readonly #secret: Buffer;

  private constructor(credential: Buffer | undefined, scope: string | undefined, secret: Buffer) {
    this.#credential = credential;
    this.#secret = secret;
    this.tenant = createHash('sha256')
      .update(JSON.stringify([credential?.toString('hex') ?? null, scope ?? null]))
      .digest('hex')
      .slice(0, 32);
  }

  /**
   * The scope of an optimizer (its API key's derivation, when it has one) or of an API
   * key, narrowed by `scope`, authenticated by `storeSecret`. Broken options name their
   * field and rule.
   */
  static of(source: StoreScopeSource = {}, owner?: string): StoreScope {
    const scope = checkScope(source.scope, owner);
    const secret = source.storeSecret ?? readEnv('CTXOPT_STORE_SECRET');
    if (secret !== undefined && (typeof secret !== 'string' || secret.length < 16)) {
      throw new InvalidOptionError(
        'storeSecret',
        'must be a string of at least 16 characters (env CTXOPT_STORE_SECRET)',
        owner,
      );
    }
    const credential = credentialOf(source);
    return new StoreScope(
      credential,
      scope,
      secret !== undefined
        ? createHash('sha256').update(`ctxopt store secret v1\u0000${secret}`).digest()
        : credential
          ? createHmac('sha256', credential).update('ctxopt store secret v1').digest()
          : processSecret,
    );
  }

  /** The same credential and secret under another scope (a per-call `scope`). */
  withScope(scope: string | undefined, owner?: string): StoreScope {
    return new StoreScope(this.#credential, checkScope(scope, owner), this.#secret);
  }

  /** HMAC-SHA256, under the scope's secret, of the tenant and the parts given, in hex. */
  mac(...parts: string[]): string {
    return createHmac('sha256', this.#secret)
      .update(JSON.stringify([this.tenant, ...parts]))
      .digest('hex');
  }
}

/** A scope is any non-empty string of up to 1,024 characters (it is hashed, never stored). */
function checkScope(scope: unknown, owner: string | undefined): string | undefined {
  if (scope === undefined) return undefined;
  if (typeof scope !== 'string' || scope.length === 0 || scope.length > 1_024) {
    throw new InvalidOptionError(
      'scope',
      `must be a string of 1 to 1024 characters (got ${typeof scope === 'string' ? `${scope.length} characters` : typeof scope})`,
      owner,
    );
  }
  return scope;
}

function credentialOf(source: StoreScopeSource): Buffer | undefined {
  if (source.optimizer !== undefined && source.optimizer !== null) {
    const derive = (source.optimizer as { [STORE_CREDENTIAL]?: unknown })[STORE_CREDENTIAL];
    return typeof derive === 'function' ? (derive.call(source.optimizer) as Buffer) : undefined;
  }
  const apiKey = source.apiKey ?? readEnv('CTXOPT_API_KEY');
  return apiKey ? storeCredentialOf(apiKey) : undefined;
}

function readEnv(name: string): string | undefined {
  const value = globalThis.process?.env?.[name];
  return value === undefined || value === '' ? undefined : value;
}
