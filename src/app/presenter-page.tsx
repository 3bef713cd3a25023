import Presenter from '@/presenter/presenter';
import { fenceExercise } from './fence-exercise-slot';

/** Presenter mode with the fence exercise in its slot: loaded only when presenting. */
export default function PresenterPage({ onExit }: { onExit: () => void }) {
  return <Presenter onExit={onExit} exercise={fenceExercise} />;
}
