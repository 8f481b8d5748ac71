// Runs one check of ./checks with every package loaded through `require`, as a CommonJS app.
const name = process.argv[2];
import(`./checks/${name}.mjs`)
  .then(({ check }) => check(async (specifier) => require(specifier)))
  .then(
    () => console.log(`${name}: ok (cjs)`),
    (error) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
