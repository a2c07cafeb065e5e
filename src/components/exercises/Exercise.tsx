/**
 * An exercise the engine grades: the question, its choices, and a button that runs the searches
 * (in the page's engine worker) only once the reader has answered. The answer is read from the
 * searches (exercise-model.ts), shown with the numbers that decided it and the idea behind it, and
 * kept in this browser; the home page counts the answers by chapter. Answering again is allowed.
 */
import { useEffect, useId, useState } from 'preact/hooks';
import type { JSX } from 'preact';
import type { SearchResult } from '../../engine/search/iterate';
import { useEngineClient } from '../widgets/use-engine-client';
import {
  type Answer,
  type Answered,
  answerOf,
  loadAnswers,
  saveAnswer,
  searchesOf,
} from './exercise-model';
import { exerciseById } from './exercises';
import { localStore } from '../layout/local-storage';
import '../widgets/widgets.css';
import './exercises.css';
import { Input } from '../widgets/controls';

export function Exercise(props: { id: string }): JSX.Element {
  const exercise = exerciseById(props.id);
  const name = useId();
  const client = useEngineClient();
  const [choice, setChoice] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [before, setBefore] = useState<Answered | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    setBefore(loadAnswers(localStore())[props.id] ?? null);
  }, [props.id]);

  if (!exercise)
    return (
      <p class="explorer-error" role="alert">
        This chapter names an exercise that does not exist: “{props.id}”.
      </p>
    );

  const check = () => {
    if (choice === null) return;
    const searches = searchesOf(exercise.check);
    const results: SearchResult[] = [];
    setRunning(true);
    setError(null);
    setAnswer(null);
    const next = (i: number) => {
      if (i === searches.length) {
        const found = answerOf(exercise, results);
        setAnswer(found);
        setRunning(false);
        const answered = { choice, right: found.choice === choice };
        saveAnswer(localStore(), exercise.id, answered);
        setBefore(answered);
        return;
      }
      const s = searches[i]!;
      client().go(
        { sfen: s.position, options: s.options, limits: s.limits },
        {
          onResult: (m) => {
            results.push(m.result);
            next(i + 1);
          },
          onError: (m) => {
            setRunning(false);
            setError(m.message);
          },
        },
      );
    };
    next(0);
  };

  const stop = () => {
    client().stop();
    setRunning(false);
  };

  const right = answer !== null && answer.choice === choice;
  const rightLabel = answer
    ? (exercise.choices.find((c) => c.id === answer.choice)?.label ?? answer.choice)
    : '';

  return (
    <form
      class="widget exercise"
      data-widget="exercise"
      data-exercise={exercise.id}
      onSubmit={(event) => {
        event.preventDefault();
        check();
      }}
    >
      <fieldset disabled={running}>
        <legend>
          <span class="exercise-kind">Predict, then check</span> {exercise.question}
        </legend>
        <div class="exercise-choices">
          {exercise.choices.map((c) => (
            <label key={c.id} data-choice={c.id}>
              <Input
                type="radio"
                name={name}
                value={c.id}
                checked={choice === c.id}
                onChange={() => {
                  setChoice(c.id);
                  setAnswer(null);
                }}
              />{' '}
              {c.label}
            </label>
          ))}
        </div>
      </fieldset>
      <div class="exercise-actions">
        <button type="submit" class="primary" disabled={choice === null || running}>
          Check with the engine
        </button>
        {running && (
          <button type="button" onClick={stop}>
            Stop
          </button>
        )}
        <span class="exercise-status" aria-live="polite">
          {running
            ? 'The engine is searching…'
            : choice === null
              ? 'Choose an answer first.'
              : answer === null && before
                ? `Last time you answered “${exercise.choices.find((c) => c.id === before.choice)?.label ?? before.choice}”: ${before.right ? 'right' : 'not right'}.`
                : ''}
        </span>
      </div>
      {error && (
        <p class="explorer-error" role="alert">
          {error}
        </p>
      )}
      {answer && (
        <div
          class={`exercise-answer ${right ? 'is-right' : 'is-wrong'}`}
          role="status"
          data-right={String(right)}
          data-answer={answer.choice}
        >
          <p class="exercise-verdict">
            {right ? '✓ Right: ' : '✗ Not quite: the engine says '}
            <strong>{rightLabel}</strong>.
          </p>
          <p>{answer.because}</p>
          <p class="exercise-lesson">{exercise.lesson}</p>
        </div>
      )}
    </form>
  );
}

export default Exercise;
