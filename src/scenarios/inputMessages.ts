import type { LocalText } from './text';

/**
 * What a share link or a scenario file was refused or adjusted for, as data: the reader
 * (shareLink.ts, scenarioFile.ts) says what went wrong, and each language words it here, the
 * way schemaMessages.ts words the schema's problems.
 */

/** Why text that should be JSON could not be read as such. */
export type JsonProblem =
  { kind: 'tooDeep'; depth: number } | { kind: 'notJson'; at?: { line: number; column: number } };

/** How a link's data is broken: it was cut, altered, or never made by this app. */
export type LinkDamage =
  | { kind: 'notText' }
  | { kind: 'noVersion' }
  | { kind: 'versionNeverExisted'; version: number }
  | { kind: 'brokenEscape' }
  | { kind: 'empty' }
  | { kind: 'foreignCharacters' }
  | { kind: 'cutOff' }
  | { kind: 'json'; problem: JsonProblem }
  | { kind: 'noSettings' }
  | { kind: 'noReader'; version: number }
  | { kind: 'versionMismatch' }
  | { kind: 'noScenario' }
  | { kind: 'neitherPresetNorScenario' }
  | { kind: 'presetNameNotText' }
  | { kind: 'overridesNotFields' }
  | { kind: 'overridesCheckpoint' }
  | { kind: 'overridesActions' }
  | { kind: 'tickNotCount' }
  | { kind: 'lessonNoName' }
  | { kind: 'twinUnreadable' }
  | { kind: 'unreadable' };

/** Why a link was not opened at all. */
export type LinkRefusal =
  | { code: 'damaged'; damage: LinkDamage }
  | { code: 'tooLarge'; kb: number }
  | { code: 'unpacksTooLarge'; mb: number }
  | { code: 'newerFormat'; version: number; newest: number }
  | { code: 'unknownPreset'; name: string }
  | { code: 'unknownLesson'; name: string }
  /** `problem`: the schema's first problem with it, `field: reason`. */
  | { code: 'invalidScenario'; problem: LocalText | null };

/** What a link asked for that was adjusted; the rest opened as asked. */
export type LinkWarning =
  | { code: 'noTick' }
  | { code: 'tickPastLimit'; limit: number }
  | { code: 'noLanguage' }
  | { code: 'stepUnreadable' }
  | { code: 'stepPastEnd'; step: number; steps: number }
  | { code: 'viewUnreadable' }
  | { code: 'selectionUnreadable' }
  | { code: 'flagUnreadable'; flag: 'presenter' | 'compare' };

/** Why a scenario file was not opened. */
export type FileRefusal =
  | { code: 'notText' }
  | { code: 'tooLarge'; mb: number }
  | { code: 'notJson'; problem: JsonProblem }
  | { code: 'notObject' }
  | { code: 'wrongFormat'; format: string }
  | { code: 'versionNotWhole' }
  | { code: 'newerVersion'; version: number; newest: number }
  | { code: 'versionBelowOne' }
  | { code: 'noScenario' }
  | { code: 'invalidScenario'; problem: LocalText }
  | { code: 'eventsDamaged'; problem: LocalText }
  | { code: 'unreadable' };

export type FileWarning = { code: 'bareScenario' };

/** Text from the input inside a message: one line, short, whatever it held. */
export function quoted(text: string, max = 40): string {
  const line = text.replace(/[\p{Cc}\u2028\u2029]/gu, ' ');
  return line.length > max ? `${line.slice(0, max)}…` : line;
}

/** Why text is not JSON we read, as a clause ("it is not valid JSON ..."). */
export function jsonText(p: JsonProblem): LocalText {
  if (p.kind === 'tooDeep') {
    return {
      en: `it is nested more than ${p.depth} levels deep`,
      zh: `嵌套超过 ${p.depth} 层`,
    };
  }
  if (!p.at) return { en: 'it is not valid JSON', zh: '不是有效的 JSON' };
  return {
    en: `it is not valid JSON (the error is at line ${p.at.line}, column ${p.at.column})`,
    zh: `不是有效的 JSON（错误在第 ${p.at.line} 行第 ${p.at.column} 列）`,
  };
}

function damageText(d: LinkDamage): LocalText {
  switch (d.kind) {
    case 'notText':
      return { en: 'it is not text', zh: '它不是文本' };
    case 'noVersion':
      return {
        en: 'it does not start with a format version such as "v1="',
        zh: '它不以 "v1=" 这样的格式版本开头',
      };
    case 'versionNeverExisted':
      return {
        en: `its format version ${d.version} never existed`,
        zh: `格式版本 ${d.version} 从未存在过`,
      };
    case 'brokenEscape':
      return { en: 'it contains a broken %-escape', zh: '其中有损坏的 % 转义' };
    case 'empty':
      return { en: 'it holds no data after "v1="', zh: '"v1=" 之后没有数据' };
    case 'foreignCharacters':
      return {
        en: 'it contains characters a Checkpoint Lab link never holds',
        zh: '其中有 Checkpoint Lab 链接中不会出现的字符',
      };
    case 'cutOff':
      return { en: 'its data is cut off or altered', zh: '数据被截断或改动过' };
    case 'json':
      return jsonText(d.problem);
    case 'noSettings':
      return { en: 'it holds no settings', zh: '其中没有任何设置' };
    case 'noReader':
      return {
        en: `no reader exists for its format version ${d.version}`,
        zh: `没有能读取格式版本 ${d.version} 的程序`,
      };
    case 'versionMismatch':
      return { en: 'its contents do not match its version', zh: '内容与版本不符' };
    case 'noScenario':
      return { en: 'it holds no scenario', zh: '其中没有场景' };
    case 'neitherPresetNorScenario':
      return { en: 'it names neither a preset nor a scenario', zh: '既没有指明预设，也没有场景' };
    case 'presetNameNotText':
      return { en: 'its preset name is not text', zh: '预设名称不是文本' };
    case 'overridesNotFields':
      return {
        en: 'its changes to the preset are not a list of fields',
        zh: '对预设的修改不是字段列表',
      };
    case 'overridesCheckpoint':
      return {
        en: 'overrides.checkpoint is not a set of checkpoint options',
        zh: 'overrides.checkpoint 不是一组检查点选项',
      };
    case 'overridesActions':
      return { en: 'overrides.actions is not a list', zh: 'overrides.actions 不是列表' };
    case 'tickNotCount':
      return {
        en: 'the moment it points to is not a tick (a whole number, 0 or more)',
        zh: '它指向的时刻不是一个拍（应为 0 或更大的整数）',
      };
    case 'lessonNoName':
      return { en: 'its lesson has no name', zh: '其中的课程没有名称' };
    case 'twinUnreadable':
      return {
        en: 'its second run (view.twin) is not another mode, the run without failures, or unaligned checkpoints on or off',
        zh: '其中的第二次运行（view.twin）既不是另一种模式，也不是去掉故障的运行，也不是开启或关闭非对齐检查点',
      };
    case 'unreadable':
      return { en: 'it could not be read', zh: '无法读取' };
  }
}

/** One sentence a teacher understands, saying why the link was not opened. */
export function linkRefusalText(r: LinkRefusal): LocalText {
  switch (r.code) {
    case 'damaged': {
      const why = damageText(r.damage);
      return { en: `This link is damaged: ${why.en}.`, zh: `此链接已损坏：${why.zh}。` };
    }
    case 'tooLarge':
      return {
        en: `This link is too large: it holds more than ${r.kb} KB of data, so it was not opened.`,
        zh: `此链接太大：其中数据超过 ${r.kb} KB，因此未打开。`,
      };
    case 'unpacksTooLarge':
      return {
        en: `This link is too large: it unpacks to more than ${r.mb} MB, so it was not opened.`,
        zh: `此链接太大：解压后超过 ${r.mb} MB，因此未打开。`,
      };
    case 'newerFormat':
      return {
        en: `This link was made by a newer Checkpoint Lab (link format ${r.version}); this one reads links up to format ${r.newest}.`,
        zh: `此链接由更新版本的 Checkpoint Lab 生成（链接格式 ${r.version}）；当前版本只能读取格式 ${r.newest} 及以下的链接。`,
      };
    case 'unknownPreset':
      return {
        en: `This link asks for an unknown preset "${quoted(r.name)}", so it was not opened.`,
        zh: `此链接要求一个不存在的预设“${quoted(r.name)}”，因此未打开。`,
      };
    case 'unknownLesson':
      return {
        en: `This link asks for an unknown lesson "${quoted(r.name)}", so it was not opened.`,
        zh: `此链接要求一个不存在的课程“${quoted(r.name)}”，因此未打开。`,
      };
    case 'invalidScenario':
      return {
        en: `This link holds a scenario that cannot run: ${quoted(r.problem?.en ?? 'it is not valid', 300)}.`,
        zh: `此链接中的场景无法运行：${quoted(r.problem?.zh ?? '它无效', 300)}。`,
      };
  }
}

/** The refusal and what opened instead, as the notice says it. */
export function linkRefusedNotice(r: LinkRefusal): LocalText {
  const why = linkRefusalText(r);
  return {
    en: `${why.en} The default lesson opened instead.`,
    zh: `${why.zh}已改为打开默认课程。`,
  };
}

/** What was adjusted, one sentence. */
export function linkWarningText(w: LinkWarning): LocalText {
  switch (w.code) {
    case 'noTick':
      return {
        en: 'This link names no moment; it opens at tick 0.',
        zh: '此链接没有指明时刻，从第 0 拍打开。',
      };
    case 'tickPastLimit':
      return {
        en: `This link points past tick ${w.limit}; it opens there instead.`,
        zh: `此链接指向第 ${w.limit} 拍之后，改为在第 ${w.limit} 拍打开。`,
      };
    case 'noLanguage':
      return {
        en: 'This link names no language this app speaks; it opens in English.',
        zh: '此链接指明的语言本应用不支持，以英文打开。',
      };
    case 'stepUnreadable':
      return {
        en: 'The lesson step in this link was unreadable; it opens at the first step.',
        zh: '此链接中的课程步骤无法读取，从第一步打开。',
      };
    case 'stepPastEnd':
      return {
        en: `This link asks for step ${w.step + 1} of a lesson with ${w.steps} steps; it opens the last step.`,
        zh: `此链接要求第 ${w.step + 1} 步，但这节课只有 ${w.steps} 步，改为打开最后一步。`,
      };
    case 'viewUnreadable':
      return {
        en: 'The view settings in this link were unreadable and were left out.',
        zh: '此链接中的视图设置无法读取，已忽略。',
      };
    case 'selectionUnreadable':
      return {
        en: 'The selection in this link was unreadable and was left out.',
        zh: '此链接中选中的任务无法读取，已忽略。',
      };
    case 'flagUnreadable':
      return w.flag === 'presenter'
        ? {
            en: 'The presenter setting in this link was unreadable and was left out.',
            zh: '此链接中的演示模式设置无法读取，已忽略。',
          }
        : {
            en: 'The compare setting in this link was unreadable and was left out.',
            zh: '此链接中的对比设置无法读取，已忽略。',
          };
  }
}

/** Several sentences as one notice. */
export function joined(texts: readonly LocalText[]): LocalText {
  return { en: texts.map((t) => t.en).join(' '), zh: texts.map((t) => t.zh).join('') };
}

/** One sentence saying why the file was not opened. */
export function fileRefusalText(r: FileRefusal): LocalText {
  switch (r.code) {
    case 'notText':
      return { en: 'This file could not be read as text.', zh: '无法把此文件作为文本读取。' };
    case 'tooLarge':
      return {
        en: `This file is too large: it has more than ${r.mb} MB of text.`,
        zh: `此文件太大：文本超过 ${r.mb} MB。`,
      };
    case 'notJson': {
      const why = jsonText(r.problem);
      return { en: `This file cannot be read: ${why.en}.`, zh: `无法读取此文件：${why.zh}。` };
    }
    case 'notObject':
      return {
        en: 'This file is not a Checkpoint Lab scenario: it holds no JSON object.',
        zh: '此文件不是 Checkpoint Lab 场景：其中没有 JSON 对象。',
      };
    case 'wrongFormat':
      return {
        en: `This file is not a Checkpoint Lab scenario: its "format" should be "${r.format}".`,
        zh: `此文件不是 Checkpoint Lab 场景：它的 "format" 应为 "${r.format}"。`,
      };
    case 'versionNotWhole':
      return {
        en: 'This file is damaged: its "version" is not a whole number.',
        zh: '此文件已损坏：它的 "version" 不是整数。',
      };
    case 'newerVersion':
      return {
        en: `This file was written by a newer Checkpoint Lab (file version ${r.version}); this one reads up to version ${r.newest}.`,
        zh: `此文件由更新版本的 Checkpoint Lab 写成（文件版本 ${r.version}）；当前版本只能读取版本 ${r.newest} 及以下的文件。`,
      };
    case 'versionBelowOne':
      return {
        en: 'This file is damaged: its "version" is below 1.',
        zh: '此文件已损坏：它的 "version" 小于 1。',
      };
    case 'noScenario':
      return {
        en: 'This file is damaged: it has no "scenario".',
        zh: '此文件已损坏：其中没有 "scenario"。',
      };
    case 'invalidScenario':
      return {
        en: `This file's scenario cannot be used: ${r.problem.en}.`,
        zh: `此文件中的场景无法使用：${r.problem.zh}。`,
      };
    case 'eventsDamaged':
      return {
        en: `This file's event log is damaged: ${r.problem.en}.`,
        zh: `此文件中的事件日志已损坏：${r.problem.zh}。`,
      };
    case 'unreadable':
      return { en: 'This file could not be read.', zh: '无法读取此文件。' };
  }
}

export function fileWarningText(w: FileWarning): LocalText {
  switch (w.code) {
    case 'bareScenario':
      return {
        en: 'This file has no Checkpoint Lab header; it was read as a bare scenario.',
        zh: '此文件没有 Checkpoint Lab 文件头，已作为单独的场景读取。',
      };
  }
}
