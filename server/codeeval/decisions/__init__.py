"""People in the loop: decisions on results (dismiss or confirm a finding, override a score), kept in a plain
decision file, applied on every later run, and fed back into each rule's confidence (docs/decisions.md)."""
