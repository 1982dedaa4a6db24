import { useEffect } from 'react';
import { useNavigate } from 'react-router';

/**
 * Replaces the current history entry with `to` once rendered: React Router's <Navigate> without
 * the framework-mode code it brings into the first-paint vendor chunk.
 */
export function Redirect({ to }: { to: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(to, { replace: true });
  }, [navigate, to]);
  return null;
}
