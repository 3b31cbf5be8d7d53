import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Limits, type LoginRequest, type LoginResponse } from '@satportal/contract';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../api/context';
import { useToast } from '../../shared/ui/toast';
import { type LoginFailure, loginFailureOf } from './loginFailure';
import { useSessionStore } from './sessionStore';

interface Props {
  initialUsername?: string;
  onLoggedIn(login: LoginResponse): void;
}

/** Username, password and remember-me (spec 001 §2); used by the login page and the login dialog. */
export function LoginForm({ initialUsername, onLoggedIn }: Props) {
  const { t } = useTranslation();
  const api = useApi();
  const signIn = useSessionStore((s) => s.signIn);
  const message = useToast();
  const [failure, setFailure] = useState<LoginFailure | null>(null);

  const login = useMutation({
    mutationFn: (request: LoginRequest) => api.login(request),
    onSuccess: (answer) => {
      signIn(answer);
      message.success(t('login.success'));
      onLoggedIn(answer);
    },
    onError: (error) => setFailure(loginFailureOf(error)),
  });

  const submit = (values: LoginRequest) => {
    setFailure(null);
    login.mutate({
      username: values.username.trim(),
      password: values.password,
      remember: values.remember === true,
    });
  };

  return (
    <Form<LoginRequest>
      layout="vertical"
      requiredMark={false}
      initialValues={{ username: initialUsername, remember: false }}
      onFinish={submit}
      data-testid="login-form"
    >
      {failure && (
        <Alert
          type="error"
          showIcon
          title={t('login.failed')}
          description={t(failure.key, failure.params)}
          data-testid="login-error"
          style={{ marginBottom: 16 }}
        />
      )}
      <Form.Item
        name="username"
        label={t('login.username')}
        rules={[{ required: true, whitespace: true, message: t('common.required') }]}
      >
        <Input
          prefix={<UserOutlined />}
          autoComplete="username"
          maxLength={Limits.usernameMax}
          data-testid="login-username"
        />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('login.password')}
        rules={[{ required: true, message: t('common.required') }]}
      >
        <Input.Password
          prefix={<LockOutlined />}
          autoComplete="current-password"
          maxLength={Limits.passwordMax}
          data-testid="login-password"
        />
      </Form.Item>
      <Form.Item name="remember" valuePropName="checked">
        <Checkbox data-testid="login-remember">{t('login.remember')}</Checkbox>
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={login.isPending} data-testid="login-submit">
        {t('login.submit')}
      </Button>
    </Form>
  );
}
