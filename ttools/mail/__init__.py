"""Emailed workbooks in, results out: every new message in a Maildir, a folder of .eml files or an
IMAP mailbox is answered once, with the results (or the annotated problems) of each attached workbook."""

from ttools.mail.errors import InboxError, InboxRefused
from ttools.mail.inbox import InboxReport, process_inbox

__all__ = ["InboxError", "InboxRefused", "InboxReport", "process_inbox"]
