import type { LocalText } from '../scenarios/text';
import { useStore, type Language } from './store';

export type { LocalText };

/** Picks the text in the current language. */
export function pick(text: LocalText, language: Language): string {
  return text[language];
}

/**
 * The translator of the current language: `t({ en: 'Play', zh: '播放' })`. Components keep
 * their texts beside them, so a change to one panel never touches a shared dictionary.
 */
export function useT(): (text: LocalText) => string {
  const language = useStore((s) => s.language);
  return (text) => text[language];
}

export function useLanguage(): Language {
  return useStore((s) => s.language);
}
