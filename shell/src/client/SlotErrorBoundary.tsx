import { Component, type ReactNode } from "react";

type Props = { slot: string; children: ReactNode };
type State = { failed: boolean };

/** Keeps a fragment's render error inside its slot; the other slots and the shell keep working. */
export class SlotErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="slot-unavailable" role="status">
        <p>This section is unavailable right now.</p>
        <button type="button" onClick={() => this.setState({ failed: false })}>
          Retry
        </button>
      </div>
    );
  }
}
