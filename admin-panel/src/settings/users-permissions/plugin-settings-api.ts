/**
 * The users-permissions plugin's settings routes, at Strapi 5's root paths
 * (`/users-permissions/advanced`, `/users-permissions/email-templates`). A Vellum older than
 * that served them under the admin path: one 404 at the root sends this page, for the rest of
 * its life, to `<admin>/users-permissions/…` instead.
 */
import { useQuery } from '@tanstack/react-query';
import { ApiError, adminPath, apiRequest, type RequestOptions } from '../../api/client';

let underAdminPath = false;

export async function pluginRequest<T>(route: string, options: RequestOptions = {}): Promise<T> {
  if (!underAdminPath) {
    try {
      return await apiRequest<T>(`/users-permissions${route}`, options);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) throw error;
      underAdminPath = true;
    }
  }
  return apiRequest<T>(adminPath(`/users-permissions${route}`), options);
}

export interface AdvancedSettings {
  readonly unique_email: boolean;
  readonly allow_register: boolean;
  readonly email_confirmation: boolean;
  readonly email_confirmation_redirection: string;
  readonly email_reset_password: string;
  readonly default_role: string;
}

/** what the template dialog edits: sender, reply-to, subject (`object`) and HTML message */
export interface TemplateOptions {
  readonly from: { readonly name: string; readonly email: string };
  readonly response_email: string;
  readonly object: string;
  readonly message: string;
}

export interface EmailTemplate {
  readonly display: string;
  readonly icon: string;
  readonly options: TemplateOptions;
}

export type TemplateName = 'email_confirmation' | 'reset_password';
export type EmailTemplates = Readonly<Record<TemplateName, EmailTemplate>>;

export function useAdvancedSettings() {
  return useQuery({
    queryKey: ['users-permissions', 'advanced'],
    queryFn: ({ signal }) => pluginRequest<{ settings: AdvancedSettings; roles: readonly { type: string; name: string }[] }>('/advanced', { signal }),
  });
}

export function useEmailTemplates() {
  return useQuery({
    queryKey: ['users-permissions', 'email-templates'],
    queryFn: ({ signal }) => pluginRequest<EmailTemplates>('/email-templates', { signal }),
  });
}
