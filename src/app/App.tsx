import { topologyOf } from '../engine';
import { useStore } from './store';

export function App() {
  const current = useStore((s) => s.current);
  const cursor = useStore((s) => s.cursor);
  const end = useStore((s) => s.timeline.end);
  const stepForward = useStore((s) => s.stepForward);
  const stepBack = useStore((s) => s.stepBack);
  const topology = topologyOf(current.scenario);
  return (
    <main className="app">
      <h1>Checkpoint Lab</h1>
      <p>
        {current.scenario.title} — tick {cursor} / {end} — job {current.job.status}
      </p>
      <button onClick={stepBack}>Step back</button> <button onClick={stepForward}>Step</button>
      <table>
        <thead>
          <tr>
            <th>task</th>
            <th>status</th>
            <th>state</th>
          </tr>
        </thead>
        <tbody>
          {topology.tasks.map((info) => (
            <tr key={info.id}>
              <td>{info.id}</td>
              <td>{current.tasks[info.index].status}</td>
              <td>{JSON.stringify(current.tasks[info.index].state)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </main>
  );
}
