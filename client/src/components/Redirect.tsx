import { useEffect } from 'react';
import { useNavigate } from '../lib/router';

/** Replaces the current history entry with `to` once rendered. */
export function Redirect({ to }: { to: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    navigate(to, { replace: true });
  }, [navigate, to]);
  return null;
}
