/**
 * Signing out of the console (DELETE /api/v1/session), or on every device (DELETE /api/v1/sessions), then back to the sign-in page.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { MSG } from '@common/messages';
import { errorMessage } from '../api';
import { api } from '../shared/apiClient';
import { SESSION_KEY } from '../shared/session';
import { lastingMessage } from '../AntdProviders';

/** A function that signs out (`everywhere`: all the user's sessions), shows the server's message and goes to /console/login. */
export function useSignOut(): (everywhere?: boolean) => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async (everywhere = false) => {
    try {
      const r = everywhere ? await api.delete('/api/v1/sessions') : await api.delete('/api/v1/session');
      void navigate('/console/login', { replace: true });
      queryClient.clear();
      queryClient.setQueryData(SESSION_KEY, null);
      lastingMessage.success(r.message ?? MSG.signedOut);
    } catch (err) {
      lastingMessage.error(errorMessage(err));
    }
  };
}
