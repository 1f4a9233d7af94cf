import type { RecordCount, Scenario, SimState, Verdict } from '../engine';
import { consumerLines, consumerLost } from './consumerText';
import { taskName } from './narration';
import { reasonText } from './reasons';
import type { Language } from '../scenarios/text';
import { playToEndText } from './verdictPending';

export interface VerdictText {
  tone: 'ok' | 'bad' | 'neutral';
  /** Whole sentences, each with its full stop. */
  lines: string[];
}

/** An operator as the graph names it; a resumed job's earlier operators by the earlier job. */
function operatorName(id: string, scenario: Scenario): string {
  const op =
    scenario.operators.find((o) => o.id === id) ??
    scenario.restoreFrom?.job.operators.find((o) => o.id === id);
  return op?.name ?? id;
}

function recordLabel(r: RecordCount, zh: boolean, scenario: Scenario): string {
  const name = taskName(r.origin.task, scenario);
  return zh ? `${name} 的记录 ${r.origin.value}` : `record ${r.origin.value} from ${name}`;
}

function sumsOf(verdict: Verdict, zh: boolean, scenario: Scenario): string {
  const each = verdict.sums.map((s) => `${operatorName(s.operator, scenario)} = ${s.actual}`);
  return each.join(zh ? '，' : ', ');
}

/** What the stopped job left unread, said as the next job's input. */
function leftForNextJob(verdict: Verdict, zh: boolean, scenario: Scenario): string[] {
  return (verdict.stopped?.unread ?? []).map((u) => {
    const name = taskName(u.task, scenario);
    if (zh) return `${name} 偏移量 ${u.offset} 之后的 ${u.count} 条记录留给下一个作业。`;
    const records = u.count === 1 ? 'record' : 'records';
    return `The ${u.count} ${records} of ${name} after offset ${u.offset} are left for the next job.`;
  });
}

/**
 * The result strip's sentences for a run: the verdict once the cursor is at the end (null
 * before), as a teacher says it. It says "lost" or "twice" only for a record the verdict names,
 * and a job stopped with a savepoint or started from one as what it is. Pure.
 */
export function verdictText(
  verdict: Verdict | null,
  final: SimState,
  end: number,
  language: Language,
): VerdictText {
  const zh = language === 'zh';
  const scenario = final.scenario;
  const lines: string[] = [];
  if (!verdict) {
    lines.push(playToEndText(end, language));
    return { tone: 'neutral', lines };
  }
  if (final.job.status === 'FAILED') {
    const reason = final.job.failReason ? reasonText(final.job.failReason, language, scenario) : '';
    lines.push(zh ? `作业失败：${reason}。` : `The job failed: ${reason}.`);
    return { tone: 'bad', lines };
  }
  if (!verdict.final) {
    lines.push(zh ? '运行在作业结束前停止。' : 'The run stops before the job finishes.');
    return { tone: 'neutral', lines };
  }
  const sums = sumsOf(verdict, zh, scenario);
  // The final values in brackets before the comparison; a job with no state (a source straight
  // into a sink) has none to list, and then the comparison alone follows the sentence.
  const aside = (comparison: string) =>
    sums
      ? zh
        ? `（${sums}，${comparison}）`
        : ` (${sums}, ${comparison})`
      : `${zh ? '，' : ', '}${comparison}`;
  // What left the job: a sink that received output twice, a consumer that read a record twice or
  // missed one. Exactly-once then holds inside Flink only, and the first sentence says so rather
  // than contradict the ones after it.
  const outside =
    verdict.sinkDuplicates.length > 0 ||
    (verdict.consumers ?? []).some((c) => c.duplicates.length > 0 || c.lost.length > 0);
  let tone: VerdictText['tone'] = 'ok';
  if (verdict.stateExactlyOnce) {
    if (verdict.stopped) {
      const id = verdict.stopped.savepoint;
      lines.push(
        zh
          ? `作业随保存点 ${id} 停止：${outside ? '在 Flink 内部，' : ''}此前读取的每条记录都恰好计算一次${aside('与同样输入的无故障运行相同')}。`
          : `Stopped with savepoint ${id}: ${outside ? 'inside Flink, ' : ''}every record read before it counted exactly once${aside('as without failures')}.`,
      );
    } else if (verdict.resumed) {
      const id = verdict.resumed.savepoint;
      lines.push(
        zh
          ? `两个作业合起来${outside ? '在 Flink 内部' : ''}满足精确一次：每条记录只计算一次，保存点 ${id} 之前由创建它的作业计算，之后由本作业计算${aside('与无故障运行相同')}。`
          : `Exactly-once holds across both jobs${outside ? ' inside Flink' : ''}: each record counted once, before savepoint ${id} by the job that took it, after it by this one${aside('as without failures')}.`,
      );
    } else {
      lines.push(
        zh
          ? `${outside ? 'Flink 内部精确一次成立' : '精确一次成立'}：每条记录只计算一次${aside('与无故障运行相同')}。`
          : `${outside ? 'Inside Flink, exactly-once holds' : 'Exactly-once holds'}: every record counted once${aside('as in the failure-free run')}.`,
      );
    }
  } else {
    tone = 'bad';
    if (verdict.resumed) {
      const id = verdict.resumed.savepoint;
      lines.push(
        zh
          ? `与创建保存点 ${id} 的作业合起来判断：`
          : `Judged together with the job that took savepoint ${id}:`,
      );
    }
    for (const d of verdict.duplicates.slice(0, 3)) {
      const op = operatorName(d.operator, scenario);
      const rec = recordLabel(d, zh, scenario);
      lines.push(
        zh
          ? `${op} 把 ${rec} 计算了 ${d.count} 次。`
          : `${op} counted ${rec} ${d.count === 2 ? 'twice' : `${d.count} times`}.`,
      );
    }
    for (const l of verdict.lost.slice(0, 3)) {
      const op = operatorName(l.operator, scenario);
      const rec = recordLabel(l, zh, scenario);
      lines.push(zh ? `${op} 丢失了 ${rec}。` : `${op} lost ${rec}.`);
    }
    const wrong = verdict.sums.filter((s) => s.actual !== s.expected);
    if (wrong.length > 0) {
      const each = wrong.map((s) => {
        const op = operatorName(s.operator, scenario);
        return zh
          ? `${op} 最终为 ${s.actual}，应为 ${s.expected}`
          : `${op} ends at ${s.actual}, not ${s.expected}`;
      });
      lines.push(zh ? `${each.join('；')}。` : `${each.join('; ')}.`);
    }
  }
  lines.push(...leftForNextJob(verdict, zh, scenario));
  const twice = verdict.sinkDuplicates;
  if (twice.length > 0) {
    const n = twice.length;
    const often = twice.every((c) => c.count === 2) ? 'twice' : 'more than once';
    lines.push(
      zh
        ? `Sink 重复收到了 ${n} 条输出：非事务性的 Sink 会显示重放的数据。`
        : `The sink received ${n} output ${n === 1 ? 'record' : 'records'} ${often}: a non-transactional sink shows what was replayed.`,
    );
  }
  const consumers = verdict.consumers ?? [];
  lines.push(...consumerLines(consumers, zh, scenario));
  if (consumerLost(consumers)) tone = 'bad';
  return { tone, lines };
}
