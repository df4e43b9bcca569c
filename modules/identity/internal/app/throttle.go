package app

import (
	"context"
	"time"

	"lamplight/platform/ratelimit"
)

// Sign-in throttling stops guessing without locking the owner out.
// Failures count per address, per account and address, and per account;
// only the per-account budget is shared by every address, so on its own
// it would let anyone who knows an email address keep its owner out. When
// it is spent, a password is still checked from an address with no recent
// failure against the account, once: the owner signing in from their
// usual place gets in, a guesser gets one try per fresh address, and
// every address is bounded on its own.
var (
	// Per address, in tiers, so the wait grows with the failures: a
	// token back every 6 s past the first tier, every 36 s past the
	// second, every 5 minutes past the third.
	limitSignInFailuresPerIPTiers = []ratelimit.Limit{
		{Rate: 10, Period: time.Minute},
		limitSignInFailuresPerIP,
		{Rate: 300, Period: 24 * time.Hour},
	}
	// Per account and address: the guesses one address makes at one
	// account.
	limitPasswordFailuresPerAccountIP = ratelimit.Limit{Rate: 5, Period: 15 * time.Minute}
	// recentFailure marks an address that failed at an account lately.
	limitRecentFailure = ratelimit.Limit{Rate: 1, Period: 15 * time.Minute}
)

func accountAddressBudget(email, ip string) budget {
	return budget{"password:account:" + email + ":ip:" + ip, limitPasswordFailuresPerAccountIP}
}

func recentFailureBudget(email, ip string) budget {
	return budget{"password:recent:" + email + ":ip:" + ip, limitRecentFailure}
}

// attempt is a sign-in let through the throttle; end tells how it went.
type attempt struct {
	s         *Service
	email, ip string
	// refund gives back what the attempt spent, when it did not fail.
	refund func()
	// clean is set when the account's budget was spent and the attempt got
	// through as the address's one try.
	clean bool
}

// signInAttempt spends the budgets of a password sign-in from ip at
// email's account, or answers 429.
func (s *Service) signInAttempt(ctx context.Context, email, ip string) (*attempt, error) {
	budgets := []budget{accountAddressBudget(email, ip)}
	for i, l := range limitSignInFailuresPerIPTiers {
		key := "login:ip:" + ip
		if i != 1 {
			key = "login:ip:" + l.String() + ":" + ip
		}
		budgets = append(budgets, budget{key, l})
	}
	address, err := s.failures(ctx, budgets...)
	if err != nil {
		return nil, err
	}
	a := &attempt{s: s, email: email, ip: ip}
	account, accountErr := s.failures(ctx, passwordBudget(email))
	if accountErr == nil {
		a.refund = func() { address(); account() }
		return a, nil
	}
	recent, err := s.failures(ctx, recentFailureBudget(email, ip))
	if err != nil {
		address()
		return nil, accountErr
	}
	a.clean = true
	a.refund = func() { address(); recent() }
	return a, nil
}

// end settles the budgets: a failure stays counted and marks the address
// as failing lately at the account; anything else is given back.
func (a *attempt) end(ctx context.Context, failed bool) {
	if !failed {
		a.refund()
		return
	}
	if !a.clean {
		_, _ = a.s.spend(ctx, recentFailureBudget(a.email, a.ip))
	}
}
