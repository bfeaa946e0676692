import { css } from 'lit';

export const styles = css`
  .option {
    min-height: 52px;
  }
  .empty {
    line-height: 1.5;
  }
`;
