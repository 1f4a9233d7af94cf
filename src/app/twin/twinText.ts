import type { LocalText } from '../i18n';

/** The twin picker's name for a screen reader, and its first choice, which is its label. */
export const PICKER_TEXT = {
  name: { en: 'A second run beside this one', zh: '在旁边并排显示第二次运行' },
  none: { en: 'Beside it…', zh: '并排对比…' },
} satisfies Record<string, LocalText>;
