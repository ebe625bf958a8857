import { fireEvent, render, screen } from '@testing-library/react';
import { UiProvider } from '../provider';
import { avatarInitials } from '../names';
import { Avatar } from './avatar';

describe('Avatar', () => {
  it('shows the initials until the picture has loaded, and again if it fails', () => {
    render(
      <UiProvider>
        <Avatar.Root size="sm" data-testid="avatar">
          <Avatar.Fallback name="Dipesh Sharma" />
          <Avatar.Image src="/media/me.png" alt="Profile picture" />
        </Avatar.Root>
      </UiProvider>,
    );
    expect(screen.getByTestId('avatar')).toHaveTextContent('DS');
    const img = screen.getByAltText('Profile picture');
    expect(img).not.toBeVisible();
    fireEvent.load(img);
    expect(screen.getByTestId('avatar')).not.toHaveTextContent('DS');
    expect(img).toBeVisible();
    fireEvent.error(img);
    expect(screen.getByTestId('avatar')).toHaveTextContent('DS');
    expect(img).not.toBeVisible();
  });

  it("makes Chakra's initials", () => {
    expect(avatarInitials('Dipesh Kumar Sharma')).toBe('DS');
    expect(avatarInitials('  admin ')).toBe('a');
    expect(avatarInitials('student@example.com')).toBe('s');
  });
});
