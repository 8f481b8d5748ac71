// The entry of the page's script: bundled for the browser into `inspector-script.ts`.
import { startInspectorApp } from './inspector-app.ts';

startInspectorApp(document);
