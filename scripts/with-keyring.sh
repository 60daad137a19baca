#!/bin/sh
# Runs a command inside a private D-Bus session that has an unlocked GNOME Keyring Secret
# Service, so keytar can use a real keychain on a machine with no desktop session (CI, a
# container, a server; as root; with no display and no standard input).
#
#   bash scripts/with-keyring.sh npx vitest run test/main/core/secrets
#
# The keyring lives in a temporary folder that is removed afterwards, so the user's own
# keyrings are never touched. Inside, GLEANER_TEST_KEYRING=1 tells the tests a real keyring
# is there. Needs: dbus-run-session and dbus-send (package dbus), gnome-keyring-daemon
# (package gnome-keyring) and libsecret (package libsecret-1-0) for keytar.
set -eu

if [ "$#" -eq 0 ]; then
  echo "with-keyring.sh: give the command to run, for example: bash scripts/with-keyring.sh npx vitest run" >&2
  exit 64
fi

missing=""
command -v dbus-run-session >/dev/null 2>&1 || missing="$missing dbus-run-session (Debian/Ubuntu package: dbus or dbus-daemon)"
command -v dbus-send >/dev/null 2>&1 || missing="$missing dbus-send (package: dbus or dbus-bin)"
command -v gnome-keyring-daemon >/dev/null 2>&1 || missing="$missing gnome-keyring-daemon (package: gnome-keyring)"
if [ -n "$missing" ]; then
  echo "with-keyring.sh: cannot start a test keyring because these programs are missing:$missing. Install them (for example: sudo apt-get install dbus dbus-x11 gnome-keyring libsecret-1-0) and run again." >&2
  exit 69
fi

keyring_home="$(mktemp -d "${TMPDIR:-/tmp}/gleaner-keyring.XXXXXX")"
cleanup() { rm -rf "$keyring_home"; }
trap cleanup EXIT
trap 'cleanup; exit 130' INT
trap 'cleanup; exit 143' TERM

# Inside the session: start the daemon with a throwaway password on its stdin (which also
# creates and unlocks the default "login" keyring, so no prompt is ever needed), wait until
# the Secret Service answers, run the command, then stop the daemon.
status=0
dbus-run-session -- sh -c '
  keyring_home="$1"; shift
  password="gleaner-test-$$-$(date +%s)"
  mkdir -m 700 "$keyring_home/data" "$keyring_home/run"
  # Private data and runtime folders: the daemon must neither use nor find a keyring that
  # belongs to the user (an existing daemon is found through its control socket).
  # In the foreground (in the background of this shell), so that its process id is known
  # and it is stopped with the command, whatever happens to the bus.
  printf "%s" "$password" | env -u GNOME_KEYRING_CONTROL XDG_DATA_HOME="$keyring_home/data" XDG_RUNTIME_DIR="$keyring_home/run" \
    gnome-keyring-daemon --foreground --unlock --components=secrets >/dev/null &
  daemon=$!
  stop_daemon() { kill "$daemon" 2>/dev/null || true; wait "$daemon" 2>/dev/null || true; }
  # The daemon claims its bus name a moment after it starts. Wait for it: a client that came
  # earlier would make D-Bus start a second, locked daemon of its own.
  tries=0
  until dbus-send --session --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \
          org.freedesktop.DBus.NameHasOwner string:org.freedesktop.secrets 2>/dev/null | grep -q "boolean true"; do
    tries=$((tries + 1))
    if [ "$tries" -ge 150 ] || ! kill -0 "$daemon" 2>/dev/null; then
      stop_daemon
      echo "with-keyring.sh: gnome-keyring-daemon could not start an unlocked keyring (it exited, or no Secret Service answered on the private session bus within 15 seconds)." >&2
      exit 70
    fi
    sleep 0.1
  done
  trap "stop_daemon; exit 130" INT
  trap "stop_daemon; exit 143" TERM
  status=0
  GLEANER_TEST_KEYRING=1 "$@" || status=$?
  stop_daemon
  exit "$status"
' with-keyring "$keyring_home" "$@" || status=$?
exit "$status"
