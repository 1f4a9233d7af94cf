import { importScenarioFile } from '../../scenarios/scenarioFile';
import type { ImportReply, WorkerScope } from './messages';

/** Reads an imported scenario file off the page's thread: a large file takes seconds to parse. */
const scope = self as unknown as WorkerScope<string, ImportReply>;

scope.onmessage = ({ data }) => {
  try {
    scope.postMessage({ kind: 'imported', result: importScenarioFile(data) });
  } catch {
    scope.postMessage({ kind: 'failed' });
  }
};
