// Runs the fault scenario in a process of its own and prints its report as JSON. It
// never calls process.exit: if a socket or timer were left open, the process would not end.
import { runFaultScenario } from './fault-scenario.ts';

let unhandled = 0;
process.on('unhandledRejection', () => {
  unhandled++;
});
const operations = Number(process.argv[2] ?? 200);
const seed = Number(process.argv[3] ?? 1);
const report = await runFaultScenario({ operations, seed });
console.log(JSON.stringify({ ...report, unhandledRejections: unhandled }));
