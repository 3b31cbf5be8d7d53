import { Limits, type PasswordChangeRequest } from '@satportal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../api/context';
import { queryKeys } from '../../api/endpoints';
import { isApiError } from '../../api/errors';
import type { TranslationKey } from '../../i18n/keys';
import { useToast } from '../../shared/ui/toast';
import { changePasswordWithLogin, type PasswordChangeWithLogin } from './changePasswordFlow';
import { confirmationProblem, newPasswordProblem, passwordFormError, passwordLength } from './passwordRules';

interface Props {
  /**
   * `login-page`: nobody is logged in, so the form asks for the username and logs in with the old
   * password first; `session`: the account centre, for the logged-in user.
   */
  mode: 'login-page' | 'session';
  onChanged?(username: string): void;
}

type Values = PasswordChangeRequest & { username?: string };

export function ChangePasswordForm({ mode, onChanged }: Props) {
  const { t } = useTranslation();
  const api = useApi();
  const message = useToast();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();

  const required: Rule = { required: true, message: t('common.required') };
  const problem = (key: TranslationKey | null) =>
    key ? Promise.reject(new Error(t(key, passwordLength))) : Promise.resolve();

  const change = useMutation({
    mutationFn: async ({ username = '', ...request }: Values) => {
      if (mode === 'login-page')
        await changePasswordWithLogin(api, { username, ...request } as PasswordChangeWithLogin);
      else await api.changePassword(request);
      return username;
    },
    onSuccess: (username) => {
      message.success(t(mode === 'login-page' ? 'login.passwordChangedLogin' : 'login.passwordChanged'));
      form.resetFields();
      // The server ended the tile key with the old password: the tile link status shows it.
      if (mode === 'session') void queryClient.invalidateQueries({ queryKey: queryKeys.tileKeyStatus });
      onChanged?.(username);
    },
    onError: (error) => {
      const placed = isApiError(error) ? passwordFormError(error) : null;
      if (placed)
        form.setFields([
          { name: placed.field, errors: [t(placed.key, { ...passwordLength, ...placed.params })] },
        ]);
      else if (!(isApiError(error) && error.handled)) message.error(t('login.modifyFailed'));
    },
  });

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={(values) => change.mutate(values)}
      data-testid="password-form"
    >
      {mode === 'login-page' && (
        <Form.Item name="username" label={t('login.username')} rules={[{ ...required, whitespace: true }]}>
          <Input autoComplete="username" maxLength={Limits.usernameMax} data-testid="password-username" />
        </Form.Item>
      )}
      <Form.Item name="oldPassword" label={t('login.oldPassword')} rules={[required]}>
        <Input.Password autoComplete="current-password" data-testid="password-old" />
      </Form.Item>
      <Form.Item
        name="newPassword"
        label={t('login.newPassword')}
        extra={t('login.passwordRule', passwordLength)}
        validateFirst
        rules={[required, { validator: (_, value?: string) => problem(newPasswordProblem(value ?? '')) }]}
      >
        <Input.Password
          autoComplete="new-password"
          maxLength={Limits.passwordMax}
          data-testid="password-new"
        />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('login.confirmPassword')}
        dependencies={['newPassword']}
        validateFirst
        rules={[
          required,
          ({ getFieldValue }) => ({
            validator: (_, value?: string) =>
              problem(confirmationProblem(getFieldValue('newPassword') ?? '', value ?? '')),
          }),
        ]}
      >
        <Input.Password
          autoComplete="new-password"
          maxLength={Limits.passwordMax}
          data-testid="password-confirm"
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={change.isPending} data-testid="password-submit">
        {t('login.changeSubmit')}
      </Button>
    </Form>
  );
}
