import { drain } from '../../engine/account';
import { judgingFrom } from '../../session/verdict';
import type { JudgeReply, JudgeRequest, WorkerScope } from './messages';

/**
 * Judges a run off the page's thread: replaying a long run and stepping its failure-free twin
 * takes seconds, which the page spends drawing and answering instead. Answers once.
 */
const scope = self as unknown as WorkerScope<JudgeRequest, JudgeReply>;

scope.onmessage = ({ data }) => {
  try {
    const start = { ...data.start, scenario: data.scenario };
    const verdict = drain(judgingFrom(start, data.end));
    scope.postMessage({ kind: 'judged', verdict });
  } catch (error) {
    scope.postMessage({ kind: 'failed', message: String(error) });
  }
};
