// An optional chime for new orders on the board: off until staff turn it on (remembered in this
// browser), a short two-note beep made with WebAudio, no audio file to download.

export const newOrderSoundKey = 'drape.admin.newOrderSound';

export function readSoundPreference(): boolean {
  try {
    return window.localStorage.getItem(newOrderSoundKey) === 'on';
  } catch {
    return false;
  }
}

export function writeSoundPreference(on: boolean): void {
  try {
    if (on) window.localStorage.setItem(newOrderSoundKey, 'on');
    else window.localStorage.removeItem(newOrderSoundKey);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
}

type AudioContextClass = typeof AudioContext;

let context: AudioContext | null = null;

function audio(): AudioContext | null {
  if (context) return context;
  const Context: AudioContextClass | undefined =
    window.AudioContext ?? (window as unknown as { webkitAudioContext?: AudioContextClass }).webkitAudioContext;
  if (!Context) return null;
  try {
    context = new Context();
  } catch {
    return null;
  }
  return context;
}

/**
 * Unlocks audio for later chimes: browsers start an AudioContext suspended until the page has
 * been interacted with, so turning the sound on (a click) is the moment to create and resume it.
 */
export function primeSound(): void {
  void audio()?.resume().catch(() => {});
}

/** A soft two-note chime (about a third of a second). Does nothing where WebAudio is missing. */
export function playNewOrderChime(): void {
  const ctx = audio();
  if (!ctx) return;
  void ctx.resume().catch(() => {});
  const start = ctx.currentTime + 0.01;
  [880, 1318.5].forEach((frequency, index) => {
    const at = start + index * 0.14;
    const oscillator = ctx.createOscillator();
    const gain = ctx.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.setValueAtTime(frequency, at);
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.18, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.2);
    oscillator.connect(gain).connect(ctx.destination);
    oscillator.start(at);
    oscillator.stop(at + 0.22);
  });
}
