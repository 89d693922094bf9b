/** `memo` without preact/compat: a component that renders again only when a prop changed (by identity). */
import { Component, type ComponentChild, type FunctionComponent } from 'preact';

export function memo<P extends object>(render: FunctionComponent<P>): FunctionComponent<P> {
  class Memoized extends Component<P> {
    shouldComponentUpdate(next: P): boolean {
      const previous = this.props as Record<string, unknown>;
      const upcoming = next as Record<string, unknown>;
      for (const key in upcoming) if (previous[key] !== upcoming[key]) return true;
      for (const key in previous) if (!(key in upcoming)) return true;
      return false;
    }
    render(props: P): ComponentChild {
      return render(props);
    }
  }
  return Memoized as unknown as FunctionComponent<P>;
}
