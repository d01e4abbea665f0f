# glass-audit: build the release binary and put it on the PATH.
#
#   make                                 # swift build -c release
#   make install                         # copies it to /usr/local/bin (may need sudo)
#   make install PREFIX=$HOME/.local     # to ~/.local/bin, no root needed
#   make install DESTDIR=/tmp/stage      # staged: /tmp/stage/usr/local/bin (packaging)
#   make uninstall PREFIX=$HOME/.local
#   make test                            # the tests, as CI runs them
#
# The binary needs nothing beside it (the shipped profiles are compiled in);
# it links the system's libpng and SQLite.

PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
SWIFT ?= swift
INSTALL ?= install

.PHONY: all build install uninstall test clean

all: build

build:
	$(SWIFT) build -c release

install: build
	$(INSTALL) -d "$(DESTDIR)$(BINDIR)"
	$(INSTALL) -m 755 .build/release/glass-audit "$(DESTDIR)$(BINDIR)/glass-audit"

uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/glass-audit"

test:
	$(SWIFT) test --disable-xctest --quiet

clean:
	$(SWIFT) package clean
