import { eventsAt, recordTimeline } from '../../src/session/timeline';
import type { Scenario, SimEvent } from '../../src/engine';

/**
 * The moments a teacher stops at, found in a preset's own run: the first time each kind of
 * event happens, and the end; two on one tick make one.
 */
export function keyMoments(scenario: Scenario): { name: string; tick: number }[] {
  const timeline = recordTimeline(scenario);
  const ticks = Array.from({ length: timeline.end + 1 }, (_, t) => eventsAt(timeline, t));
  const first = (type: SimEvent['type']) =>
    ticks.findIndex((events) => events.some((e) => e.type === type));
  const found = [
    { name: 'sources-paused', tick: first('SourcesPaused') },
    { name: 'barrier-injected', tick: first('BarrierInjected') },
    { name: 'input-blocked', tick: first('ChannelBlocked') },
    { name: 'checkpoint-completed', tick: first('CheckpointCompleted') },
    { name: 'task-failed', tick: first('TaskFailed') },
    { name: 'state-restored', tick: first('StateRestored') },
    { name: 'final-result', tick: timeline.end },
  ].filter((m) => m.tick > 0);
  return found.filter((m, i) => found.findIndex((o) => o.tick === m.tick) === i);
}
