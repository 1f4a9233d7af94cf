import { useEffect } from 'react';
import { SPEEDS, useStore } from '../store';

function typing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  const tag = target.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || target.isContentEditable;
}

/**
 * Space plays and pauses, wherever the focus is but in a field; arrows step one tick (with Shift, ten); Home and End jump to the
 * ends; + and - change the speed. Keys typed into a field stay in the field.
 */
export function useKeyboard(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (typing(e.target) || e.ctrlKey || e.metaKey || e.altKey) return;
      const s = useStore.getState();
      const stride = e.shiftKey ? 10 : 1;
      switch (e.key) {
        case ' ':
          // Also on a focused button: after a click on Continue, Space still plays and pauses
          // (Enter activates the button).
          s.togglePlay();
          break;
        case 'ArrowRight':
          s.pause();
          s.seek(s.cursor + stride);
          break;
        case 'ArrowLeft':
          s.pause();
          s.seek(s.cursor - stride);
          break;
        case 'Home':
          s.seek(0);
          break;
        case 'End':
          s.seek(s.timeline.end);
          break;
        case '+':
        case '=': {
          const next = SPEEDS.find((v) => v > s.speed);
          if (next) s.setSpeed(next);
          break;
        }
        case '-': {
          const prev = [...SPEEDS].reverse().find((v) => v < s.speed);
          if (prev) s.setSpeed(prev);
          break;
        }
        default:
          return;
      }
      e.preventDefault();
    };
    // A button or menu acts on Space when the key comes up: it has played or paused already.
    const onKeyUp = (e: KeyboardEvent) => {
      if (e.key === ' ' && !typing(e.target)) e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('keyup', onKeyUp);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('keyup', onKeyUp);
    };
  }, []);
}
