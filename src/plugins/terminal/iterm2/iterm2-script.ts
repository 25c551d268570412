/**
 * The AppleScript osascript runs for terminal/iterm2 (`osascript - <socket> <session>`). It holds
 * no value from outside: both arrive in `argv` and are shell-quoted with `quoted form of` before
 * they are part of the command iTerm2 runs. TMUX is unset so it attaches from inside a tmux too.
 */
export const ITERM2_SCRIPT = `on run argv
  set socketPath to item 1 of argv
  set sessionName to item 2 of argv
  set attachCommand to "/usr/bin/env -u TMUX -u TMUX_PANE tmux -u -S " & quoted form of socketPath & " attach-session -t " & quoted form of ("=" & sessionName)
  tell application "iTerm2"
    activate
    create window with default profile command attachCommand
  end tell
end run
`;
