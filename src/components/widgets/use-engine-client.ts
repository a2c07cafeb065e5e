/** A widget's own engine client: its own worker, made on first use and shut down when the widget goes. */
import { useEffect, useRef } from 'preact/hooks';
import { EngineClient } from '../engine-client';

export function useEngineClient(): () => EngineClient {
  const client = useRef<EngineClient | null>(null);
  useEffect(() => () => client.current?.shutdown(), []);
  return () => (client.current ??= new EngineClient());
}
