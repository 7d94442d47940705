/**
 * The users-permissions plugin's settings routes, at Strapi 5's root paths
 * (`/users-permissions/advanced`, `/users-permissions/email-templates`).
 */
import { useQuery } from '@tanstack/react-query';
import { apiRequest, type RequestOptions } from '../../api/client';

export function pluginRequest<T>(route: string, options: RequestOptions = {}): Promise<T> {
  return apiRequest<T>(`/users-permissions${route}`, options);
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
