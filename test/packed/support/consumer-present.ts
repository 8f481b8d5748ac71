// Setup file of the `packed` layer: each test file first checks that the consumer project
// is still there. On a shared machine a cleanup of the temp folder once deleted it while
// the tests ran, and every test failed with a missing module instead of saying why.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';

const directory = inject('consumerDirectory');
if (!existsSync(join(directory, 'package.json'))) {
  throw new Error(
    `The packed layer's consumer project ${directory} is gone: something removed it while ` +
      'the tests ran (a cleanup of the temp folder?). .ci/run gives each run a TMPDIR of its own.',
  );
}
