import { describe, expect, it } from 'vitest';
import { createInitialState, step, topologyOf } from '../../../src/engine';
import { lessonText, TASK_REFERENCE, taskName } from '../../../src/session/narration';
import type { Lesson } from '../../../src/scenarios/lesson';
import { LESSONS } from '../../../src/scenarios/lessons/course';
import type { LocalText } from '../../../src/scenarios/text';
import { JOB_STATUS } from '../../../src/app/graph/describe';
import { lessonSummary } from '../../../src/scenarios/lessons/summaries';
import { PRESET_TITLES } from '../../../src/scenarios/presets/titles';

/** Every text a lesson shows in its steps, in the order a class meets it. */
const stepTexts = (lesson: Lesson): LocalText[] =>
  lesson.steps.flatMap((s) => [
    s.title,
    s.text,
    ...(s.question ? [s.question.prompt, s.question.answer] : []),
  ]);

const INTERNAL_ID = /[A-Za-z_]\w*#\d+/;
const CJK = '\\u4e00-\\u9fff';

describe('lesson texts name tasks as the graph does', () => {
  it.each(LESSONS.map((l) => [l.id, l] as const))(
    '%s: every task reference names a task of its job, and no internal id is left in the text',
    (_, lesson) => {
      const ids = new Set(topologyOf(lesson.scenario).tasks.map((t) => t.id));
      for (const text of stepTexts(lesson)) {
        for (const language of ['en', 'zh'] as const) {
          for (const [, id] of text[language].matchAll(TASK_REFERENCE)) {
            expect(ids.has(id), `${lesson.id}: {${id}} in "${text[language]}"`).toBe(true);
          }
          const shown = lessonText(text, language, lesson.scenario);
          expect(shown, shown).not.toMatch(INTERNAL_ID);
          expect(shown, shown).not.toMatch(/[{}]/);
        }
      }
    },
  );

  it('renders a reference with the name the graph gives the task', () => {
    const lesson = LESSONS.find((l) => l.id === 'barrier-alignment')!;
    const text = { en: 'from {source#1}', zh: '来自 {source#1}' };
    expect(lessonText(text, 'en', lesson.scenario)).toBe('from Source 2');
    expect(lessonText(text, 'zh', lesson.scenario)).toBe('来自 Source 2');
    expect(taskName('source#1', lesson.scenario)).toBe('Source 2');
  });
});

describe('lesson texts name scenarios as the scenario list does', () => {
  // A preset's id, as a word of its own: the list shows titles, not ids.
  const ids = PRESET_TITLES.map((p) => new RegExp(`(^|[^\\w-])${p.id}($|[^\\w-])`));
  it.each(LESSONS.map((l) => [l.id, l] as const))(
    '%s: no preset is named by its id, which the list does not show',
    (_, lesson) => {
      for (const text of stepTexts(lesson)) {
        for (const language of ['en', 'zh'] as const) {
          for (const id of ids) expect(text[language], text[language]).not.toMatch(id);
        }
      }
    },
  );
});

describe('the Chinese of the lessons', () => {
  it.each(LESSONS.map((l) => [l.id, l] as const))(
    '%s: 拍 for tick, 分界线 for barrier, glossed where first used, Chinese punctuation',
    (_, lesson) => {
      const zh = stepTexts(lesson).map((t) => lessonText(t, 'zh', lesson.scenario));
      for (const text of zh) {
        expect(text, text).not.toMatch(/\btick/i);
        expect(text, text).not.toContain('屏障');
        // An English full stop, comma, colon or semicolon straight after a Chinese character.
        expect(text, text).not.toMatch(new RegExp(`[${CJK}][.,;:!?]`));
        // Straight quotes around a name in a Chinese sentence: Chinese ones are “ ”.
        expect(text, text).not.toMatch(/"/);
      }
      // A job status by the name its badge on the graph shows (失败), Flink's (FAILED) only
      // glossed after it: the narration says what the screen says.
      for (const text of [...zh, lessonSummary(lesson.id)?.zh ?? '']) {
        for (const [status, name] of Object.entries(JOB_STATUS)) {
          const bare = text.replaceAll(`${name.zh}（${status}）`, '');
          expect(bare, text).not.toMatch(new RegExp(`\\b${status}\\b`));
        }
      }
      const bodies = lesson.steps.map((s) => s.text.zh);
      const first = bodies.find((t) => t.includes('分界线'));
      if (first) expect(first).toMatch(/分界线（barrier）/);
    },
  );
});

describe('lesson 3, "Waiting for the slower barrier"', () => {
  const lesson = LESSONS.find((l) => l.id === 'barrier-alignment')!;
  const waiting = lesson.steps.find((s) => s.title.en === 'Waiting for the slower barrier')!;
  const scenario = lesson.scenario;
  const topology = topologyOf(scenario);

  // The engine's state at the step's tick: which of sum_even's inputs has its barrier (and is
  // blocked), and which one it still waits for.
  let state = createInitialState(scenario);
  while (state.tick < waiting.tick) state = step(state).state;
  const info = topology.tasks[topology.taskIndex.get('sum_even#0')!];
  const task = state.tasks[info.index];
  const sender = (input: number) =>
    taskName(topology.tasks[topology.channels[info.inputs[input]].from].id, scenario);
  const alignment = task.alignment!;
  const waitedFor = alignment.arrived.flatMap((arrived, i) => (arrived ? [] : [sender(i)]));
  const blocked = task.inputs.flatMap((input, i) => (input.blockedBy !== null ? [sender(i)] : []));

  it('is at a moment when sum_even aligns: one input blocked, one barrier awaited', () => {
    expect(waitedFor).toHaveLength(1);
    expect(blocked).toHaveLength(1);
    expect(blocked[0]).not.toBe(waitedFor[0]);
  });

  it('names the input sum_even waits on, and the one it blocked, as the graph does', () => {
    const en = lessonText(waiting.text, 'en', scenario);
    expect(en).toContain(`still waits for barrier ${alignment.checkpoint} from ${waitedFor[0]}`);
    expect(en).toContain(`its input from ${blocked[0]} stays blocked`);
    const zh = lessonText(waiting.text, 'zh', scenario);
    expect(zh).toContain(`还在等来自 ${waitedFor[0]} 的分界线 ${alignment.checkpoint}`);
    expect(zh).toContain(`来自 ${blocked[0]} 的输入仍被阻塞`);
  });
});

describe('the lessons speak of the notes, never of a "seed"', () => {
  it.each(LESSONS.map((l) => [l.id, l] as const))(
    '%s: no step or summary says "seed" or 种子',
    (_, lesson) => {
      const texts = [...stepTexts(lesson), lesson.title, lessonSummary(lesson.id) ?? lesson.title];
      for (const text of texts) {
        expect(text.en, text.en).not.toMatch(/\bseed/i);
        expect(text.zh, text.zh).not.toContain('种子');
      }
    },
  );
});
