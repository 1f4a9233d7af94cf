import { describe, expect, it } from 'vitest';
import { ChannelFeed } from '../../../../src/app/graph/channelFeed';
import { splitChannels, type ChannelMoment } from '../../../../src/app/graph/channelMoments';
import { shareEqual } from '../../../../src/app/graph/shareEqual';
import { INSTANT, type Timing } from '../../../../src/app/graph/timing';
import { toFlowElements } from '../../../../src/app/graph/toFlowElements';
import { barrierAlignment } from '../../../../src/scenarios/presets/barrierAlignment';
import { record } from '../../../helpers/sim';

const run = record(barrierAlignment);
const flowAt = (tick: number) => toFlowElements(run.states[tick]);

describe('splitChannels', () => {
  it('keeps every edge and hands each channel’s elements in flight to the feed instead', () => {
    for (let tick = 0; tick < run.states.length; tick++) {
      const flow = flowAt(tick);
      const { drawn, moments } = splitChannels(flow.edges);
      expect(drawn.map((e) => e.id)).toEqual(flow.edges.map((e) => e.id));
      for (const edge of flow.edges) {
        const out = drawn.find((e) => e.id === edge.id)!;
        if (edge.type !== 'channel') {
          expect(out).toBe(edge);
          continue;
        }
        const { tick: at, elements, ...rest } = edge.data!;
        expect(out.data).toEqual(rest);
        expect(out.data).not.toHaveProperty('elements');
        expect(moments.get(edge.id)).toEqual({ tick: at, elements });
      }
    }
  });

  it('gives React Flow the same channel edge from tick to tick while only its elements move', () => {
    let previous = splitChannels(flowAt(0).edges).drawn;
    let kept = 0;
    let moving = 0;
    for (let tick = 1; tick < run.states.length; tick++) {
      const flow = flowAt(tick);
      const next = shareEqual(previous, splitChannels(flow.edges).drawn);
      for (const edge of flow.edges) {
        if (edge.type !== 'channel' || edge.data!.elements.length === 0) continue;
        moving++;
        const before = previous.find((e) => e.id === edge.id)!;
        const now = next.find((e) => e.id === edge.id)!;
        const sameState =
          JSON.stringify(before.data) === JSON.stringify(now.data) &&
          before.sourceHandle === now.sourceHandle;
        if (sameState) {
          expect(now).toBe(before);
          kept++;
        }
      }
      previous = next;
    }
    // Most ticks move elements on channels whose state stays: those edges are not re-rendered.
    expect(moving).toBeGreaterThan(0);
    expect(kept / moving).toBeGreaterThan(0.5);
  });
});

describe('ChannelFeed', () => {
  const moment = (tick: number, elements: ChannelMoment['elements']): ChannelMoment => ({
    tick,
    elements,
  });
  const flowing = flowAt(6);
  const busy = [...splitChannels(flowing.edges).moments].find(([, m]) => m.elements.length > 0)!;
  const [edge, withElements] = busy;
  const timing: Timing = { instant: false, duration: 0.5, ease: 'linear', forward: true };

  it('tells a channel its moment at once, then each moment that moves its elements', () => {
    const feed = new ChannelFeed();
    feed.publish(new Map([[edge, withElements]]), timing);
    const heard: [ChannelMoment, Timing][] = [];
    const stop = feed.listen(edge, (m, t) => heard.push([m, t]));
    expect(heard).toEqual([[withElements, timing]]);

    // The same elements, a tick later: they travelled, so they are placed again.
    const later = moment(withElements.tick + 1, withElements.elements);
    feed.publish(new Map([[edge, later]]), INSTANT);
    expect(heard).toHaveLength(2);
    expect(heard[1]).toEqual([later, INSTANT]);

    // Nothing changed: not told again.
    feed.publish(new Map([[edge, later]]), INSTANT);
    expect(heard).toHaveLength(2);

    // The channel emptied: told, so that its elements leave.
    const empty = moment(later.tick + 1, []);
    feed.publish(new Map([[edge, empty]]), INSTANT);
    expect(heard).toHaveLength(3);
    expect(heard[2][0].elements).toEqual([]);

    // Empty, and empty again at the next tick: nothing to place.
    feed.publish(new Map([[edge, moment(empty.tick + 1, [])]]), INSTANT);
    expect(heard).toHaveLength(3);

    stop();
    feed.publish(new Map([[edge, withElements]]), timing);
    expect(heard).toHaveLength(3);
  });

  it('tells a channel the feed has no moment for that it is empty', () => {
    const feed = new ChannelFeed();
    const heard: ChannelMoment[] = [];
    feed.listen('nowhere', (m) => heard.push(m));
    expect(heard).toEqual([{ tick: 0, elements: [] }]);
  });

  it('a listener replaced by a new one for the same channel stops hearing, the new one hears', () => {
    const feed = new ChannelFeed();
    const first: ChannelMoment[] = [];
    const second: ChannelMoment[] = [];
    const stopFirst = feed.listen(edge, (m) => first.push(m));
    feed.listen(edge, (m) => second.push(m));
    // The first's cleanup runs after the second subscribed (React runs effects in that order).
    stopFirst();
    feed.publish(new Map([[edge, withElements]]), timing);
    expect(first).toHaveLength(1);
    expect(second).toHaveLength(2);
  });
});
