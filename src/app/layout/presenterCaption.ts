import { onDemand } from './onDemand';

/**
 * Presenter mode's caption, loaded when presenter mode is about to be used: when the pointer or
 * the focus reaches its button, and before a link that opens in presenter mode is shown.
 */
export const presenterCaption = onDemand(() => import('./Caption'));

export const prepareCaption = () => void presenterCaption.load().catch(() => {});
