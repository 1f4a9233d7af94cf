/** Playback icons drawn inline: glyph fonts differ between machines, these do not. */
const PATHS = {
  reset: 'M3 2h2v12H3zM14 2v12L6 8z',
  back: 'M12 2v12L4 8zM2 2h2v12H2z',
  play: 'M4 2l10 6-10 6z',
  pause: 'M3 2h4v12H3zM9 2h4v12H9z',
  step: 'M4 2v12l8-6zM12 2h2v12h-2z',
  replay: 'M8 2a6 6 0 1 0 6 6h-2a4 4 0 1 1-4-4v3l4-4-4-4z',
} as const;

export function Icon({ name }: { name: keyof typeof PATHS }) {
  return (
    <svg className="icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path d={PATHS[name]} />
    </svg>
  );
}
