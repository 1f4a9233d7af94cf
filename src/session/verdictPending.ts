import type { Language, LocalText } from '../scenarios/text';

/**
 * The result strip's sentence before a run is judged. A module of its own: the first screen
 * shows it, and the judging that replaces it is loaded only when a run reaches its end.
 */
export function playToEndText(end: number, language: Language): string {
  return language === 'zh'
    ? `播放到结尾（第 ${end} 拍）即可看到每条记录是否恰好计算一次。`
    : `Play to the end (tick ${end}) to see whether every record was counted exactly once.`;
}

/** The comparison row's title, shown alone while the comparison loads. */
export const COMPARE_TITLE: LocalText = {
  en: 'Failure-free run at this tick:',
  zh: '无故障运行在此刻：',
};
