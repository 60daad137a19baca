import { showBidiControls } from '../../../shared/format-characters';

/**
 * A piece of platform text in the window: isolated (a <bdi>, so right-to-left text or a
 * direction mark cannot move what stands beside it), with each embedding, override and isolate
 * shown as a visible mark (⟨RLO⟩) rather than obeyed. React text: never HTML.
 */
export function PlatformText({ text, className }: { text: string; className?: string }) {
  return <bdi className={className}>{showBidiControls(text)}</bdi>;
}
