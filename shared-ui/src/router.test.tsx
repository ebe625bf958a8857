import { fireEvent, render, screen } from '@testing-library/react';
/**
 * The links the apps use are react-router's own (`RouterLink` is its `Link`, re-exported by shared-ui with `NavLink`
 * so that every app uses the one copy inside this singleton): what the product relies on them for.
 */
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { NavLink, RouterLink } from './router';

function Where() {
  return <output aria-label="where">{useLocation().pathname}</output>;
}

function renderAt(path: string, ui: React.ReactNode) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/student/*" element={<>{ui}<Where /></>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('RouterLink', () => {
  it('has the route as its href and navigates in the app on a plain click', () => {
    renderAt('/student/exams', <RouterLink to="/student/contact">See how to contact</RouterLink>);
    const link = screen.getByRole('link', { name: 'See how to contact' });
    expect(link).toHaveAttribute('href', '/student/contact');
    fireEvent.click(link);
    expect(screen.getByLabelText('where')).toHaveTextContent('/student/contact');
  });

  it('resolves a relative path as react-router\'s Link does and leaves a modified click to the browser', () => {
    renderAt('/student/exams', <><RouterLink to="results">Results</RouterLink><Link to="results">theirs</Link></>);
    const link = screen.getByRole('link', { name: 'Results' });
    expect(link.getAttribute('href')).toMatch(/results$/);
    expect(link).toHaveAttribute('href', screen.getByRole('link', { name: 'theirs' }).getAttribute('href'));
    fireEvent.click(link, { ctrlKey: true });
    expect(screen.getByLabelText('where')).toHaveTextContent('/student/exams');
  });

  it('calls its own onClick, and a prevented click does not navigate', () => {
    const onClick = jest.fn((e: React.MouseEvent) => e.preventDefault());
    renderAt('/student/exams', <RouterLink to="/student/contact" onClick={onClick}>Contact</RouterLink>);
    fireEvent.click(screen.getByRole('link', { name: 'Contact' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(screen.getByLabelText('where')).toHaveTextContent('/student/exams');
  });
});

describe('NavLink', () => {
  it('marks the link of the current section active, below it too unless `end`', () => {
    renderAt(
      '/student/results/r1',
      <nav>
        <NavLink to="/student" end className="side">Dashboard</NavLink>
        <NavLink to="/student/results" className="side">Results</NavLink>
        <NavLink to="/student/exams" className="side">Exams</NavLink>
      </nav>,
    );
    const results = screen.getByRole('link', { name: 'Results' });
    expect(results).toHaveClass('side', 'active');
    expect(results).toHaveAttribute('aria-current', 'page');
    for (const name of ['Dashboard', 'Exams']) {
      const other = screen.getByRole('link', { name });
      expect(other).toHaveClass('side');
      expect(other).not.toHaveClass('active');
      expect(other).not.toHaveAttribute('aria-current');
    }
    fireEvent.click(screen.getByRole('link', { name: 'Exams' }));
    expect(screen.getByRole('link', { name: 'Exams' })).toHaveClass('active');
    expect(screen.getByRole('link', { name: 'Results' })).not.toHaveClass('active');
  });

  it('matches whole path segments only', () => {
    const active = (path: string, to: string, end = false) => {
      const { unmount } = renderAt(path, <NavLink to={to} end={end}>x</NavLink>);
      const isActive = screen.getByRole('link', { name: 'x' }).classList.contains('active');
      unmount();
      return isActive;
    };
    expect(active('/student/exams', '/student/exams')).toBe(true);
    expect(active('/student/exams/', '/student/exams')).toBe(true);
    expect(active('/student/exams/start/1', '/student/exams')).toBe(true);
    expect(active('/student/exams/start/1', '/student/exams', true)).toBe(false);
    expect(active('/student/examsx', '/student/exams')).toBe(false);
    expect(active('/student/results', '/student')).toBe(true);
    expect(active('/student/results', '/student', true)).toBe(false);
  });
});
