/**
 * What the result strip needs once a run reaches its end or is compared: judging (which replays
 * the run and its failure-free twin), the verdict's sentences and the comparison row. Loaded on
 * demand: the first screen shows a run at its start, where none of it is wanted.
 */
export { judged, judgeSoon } from './verdict';
export { verdictText } from './verdictText';
export { CompareRow } from './CompareRow';
