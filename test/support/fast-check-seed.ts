import fc from 'fast-check';

// Property tests draw new inputs on every run, which is how they find what nobody wrote
// down. A release check, though, must check exactly what passed before the change
// landed: under CI every property test draws from one fixed seed, and `FC_SEED` replays
// any seed (fast-check prints the seed of a failure) anywhere.
const seed = process.env.FC_SEED ?? (process.env.CI ? '20261123' : undefined);
if (seed !== undefined) fc.configureGlobal({ seed: Number(seed) });
