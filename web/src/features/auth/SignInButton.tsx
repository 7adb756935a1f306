import { useAuth } from './AuthProvider';

export function SignInButton({
  label = 'Sign in with Google',
  className = 'button',
}: {
  label?: string;
  className?: string;
}) {
  const { signIn } = useAuth();
  return (
    <button type="button" className={className} onClick={() => void signIn()}>
      {label}
    </button>
  );
}
