// Package privacy is how a module tells the privacy policy what it keeps,
// without editing the policy's pages: a module provides an Entry in Group
// naming its tables, with the row of the policy's table of what is kept in
// every language, and the content module merges the entries into the
// policy it serves.
package privacy

import "io/fs"

// Entry is a module's entry in the privacy policy.
type Entry struct {
	// Name is the entry's link name in the policy ("plans"), unique among
	// the entries.
	Name string
	// Tables are the module's tables whose data the entry tells about.
	Tables []string
	// DeletedWithAccount says deleting the account deletes the data: the
	// policy's account-deletion sentence then names the entry.
	DeletedWithAccount bool
	// Texts holds "<locale>.md" for every language: YAML front matter with
	// updated (the day the text last changed) and, when DeletedWithAccount,
	// deleted (the data's item in the deletion sentence, linking to the
	// entry: "[reading plans][plans]"), then the table row:
	// "| **What**: ... | Why | How long |".
	Texts fs.FS
}

// Group is the fx group Entries are provided in.
const Group = `group:"privacy_entries"`
