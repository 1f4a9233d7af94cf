/** A text in every language the app speaks. */
export interface LocalText {
  en: string;
  zh: string;
}
