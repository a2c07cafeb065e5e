/**
 * The home page's summary of the reader's exercises: for each chapter that has some
 * (`[data-exercise-ids]`, the ids space-separated), how many are answered and how many right,
 * from the answers this browser keeps (exercise-model.ts). Nothing is shown before the first.
 */
import { localStore } from '../layout/local-storage';
import { describeTally, loadAnswers, tallyOf } from './exercise-model';

export function showExerciseProgress(root: ParentNode): void {
  const progress = loadAnswers(localStore());
  for (const item of root.querySelectorAll<HTMLElement>('[data-exercise-ids]')) {
    const ids = (item.dataset.exerciseIds ?? '').split(' ').filter(Boolean);
    const text = describeTally(
      tallyOf(
        ids.map((id) => ({ id })),
        progress,
      ),
    );
    if (text === null) continue;
    item.textContent = `${text}.`;
    item.hidden = false;
  }
}
