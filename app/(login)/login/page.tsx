import { LoginForm } from './login-form';

export default function LoginPage() {
  return (
    <main
      style={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: 'linear-gradient(135deg, #0d2f73 0%, #1d5bd8 60%, #4d8af0 100%)',
        padding: 16,
      }}
    >
      <LoginForm />
    </main>
  );
}
