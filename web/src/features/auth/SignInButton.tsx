import { useAuth } from './AuthProvider';

export function SignInButton({
  label = 'Sign in with Google',
  className = 'button',
}: {
  label?: string;
  className?: string;
}) {
  const { signIn, prepareSignIn } = useAuth();
  return (
    <button
      type="button"
      className={className}
      onPointerEnter={prepareSignIn}
      onPointerDown={prepareSignIn}
      onFocus={prepareSignIn}
      onClick={() => void signIn()}
    >
      {label}
    </button>
  );
}
