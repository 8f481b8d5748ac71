// Runs one check of ./checks with every package loaded through `import`.
const name = process.argv[2];
const { check } = await import(`./checks/${name}.mjs`);
await check((specifier) => import(specifier));
console.log(`${name}: ok (esm)`);
