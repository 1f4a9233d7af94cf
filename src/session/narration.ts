import { isolated } from '../scenarios/text';
import type { Scenario } from '../engine';
import type { Language, LocalText } from '../scenarios/text';

/**
 * A subtask as a teacher names it: the operator's display name and, where there can be more
 * than one, its 1-based index as Flink's web UI counts subtasks (`source#1` -> "Source 2").
 * With the scenario at hand the index shows only for operators running in parallel (and for
 * sources, which the seed always counts); without it, only for sources and subtasks past the
 * first.
 */
export function taskName(id: string, scenario?: Scenario): string {
  const hash = id.lastIndexOf('#');
  if (hash < 0) return id;
  const operatorId = id.slice(0, hash);
  const subtask = Number(id.slice(hash + 1));
  const operator = scenario?.operators.find((op) => op.id === operatorId);
  const name = isolated(operator?.name ?? (operatorId === 'source' ? 'Source' : operatorId));
  const isSource = operator ? operator.kind === 'source' : operatorId.startsWith('source');
  const parallel = operator ? operator.parallelism > 1 : subtask > 0;
  return isSource || parallel ? `${name} ${subtask + 1}` : name;
}

/**
 * A lesson's text in the reader's language, its task references (`{source#1}`) replaced by the
 * names the graph gives those tasks, so a lesson cannot name a task otherwise than the screen.
 */
export function lessonText(text: LocalText, language: Language, scenario: Scenario): string {
  return text[language].replace(TASK_REFERENCE, (_, id: string) => taskName(id, scenario));
}

/** A task reference in a lesson's text: `{operator#subtask}`. */
export const TASK_REFERENCE = /\{([A-Za-z_][\w-]*#\d+)\}/g;
