import { onDemand } from '../layout/onDemand';

/**
 * A lesson step's buttons (back, replay, continue) and its way back to the step's moment: loaded
 * with the lesson panel when it opens on a lesson, and when the pointer or the focus reaches
 * what opens one; a panel that lists the lessons does without them.
 * Apart from the list's loader: the list prepares these, and the list is loaded on demand.
 */
export const stepNav = onDemand(() => import('./StepNav'));

export const prepareStepNav = () => void stepNav.load().catch(() => {});
