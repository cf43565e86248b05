// A Go client of cuzk.v1.ProvingEngine, dialled the way Curio's cuzk client
// dials (grpc-go, insecure credentials, 256 MiB each way, dns:/// for a bare
// HOST:PORT), with stubs generated from our proto/cuzk/v1/proving.proto by
// Debian's protoc-gen-go and protoc-gen-go-grpc. For the daemon's tests
// (--test-circuits): proof kind 100 proves, 101 fails.
//
//	cuzkclient ADDR
//
// Prints ok/FAIL lines, then "N passed, N failed"; exit 1 on a failure.
package main

import (
	"context"
	"fmt"
	"os"
	"strings"
	"time"

	pb "cuzk/v1"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

var passed, failed int

func check(ok bool, format string, args ...interface{}) {
	what := fmt.Sprintf(format, args...)
	if ok {
		passed++
		fmt.Println("ok   " + what)
	} else {
		failed++
		fmt.Println("FAIL " + what)
	}
}

func main() {
	addr := os.Args[1]
	target := addr
	if !strings.HasPrefix(addr, "unix://") {
		target = "dns:///" + addr
	}
	conn, err := grpc.Dial(target, grpc.WithInsecure(),
		grpc.WithDefaultCallOptions(grpc.MaxCallRecvMsgSize(256<<20), grpc.MaxCallSendMsgSize(256<<20)))
	if err != nil {
		check(false, "dial %s: %v", target, err)
		finish()
	}
	defer conn.Close()
	c := pb.NewProvingEngineClient(conn)
	tag := fmt.Sprintf("go-%d", os.Getpid())

	// GetStatus with Curio's 5 s timeout
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	st, err := c.GetStatus(ctx, &pb.GetStatusRequest{})
	cancel()
	check(err == nil && len(st.GetQueues()) > 0, "GetStatus: %d queues (%v)", len(st.GetQueues()), err)

	// Prove with a deadline, as Curio's ProveTimeout
	prove := func(id string, kind pb.ProofKind, input string, prio pb.Priority) (*pb.AwaitProofResponse, error) {
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		defer cancel()
		r, err := c.Prove(ctx, &pb.ProveRequest{Submit: &pb.SubmitProofRequest{
			RequestId: id, ProofKind: kind, Priority: prio, VanillaProof: []byte(input),
			SectorNumber: 7, MinerId: 1000,
		}})
		return r.GetResult(), err
	}
	r, err := prove(tag+"-ok", 100, "x=21;partitions=3", pb.Priority_NORMAL)
	check(err == nil && r.GetStatus() == pb.AwaitProofResponse_COMPLETED && len(r.GetProof()) == 3*192,
		"Prove: %v, %d bytes (%v)", r.GetStatus(), len(r.GetProof()), err)
	r, err = prove(tag+"-fail", 101, "x=1", pb.Priority_CRITICAL)
	check(err == nil && r.GetStatus() == pb.AwaitProofResponse_FAILED && r.GetErrorMessage() != "",
		"a failing proof: FAILED, %q", r.GetErrorMessage())
	_, err = prove(tag+"-bad", 9, "x=1", pb.Priority_NORMAL)
	check(status.Code(err) == codes.InvalidArgument && strings.Contains(status.Convert(err).Message(), "proof_kind"),
		"an unknown proof_kind: %v", err)

	// Submit, Await with a timeout, Cancel
	ctx, cancel = context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	sub, err := c.SubmitProof(ctx, &pb.SubmitProofRequest{RequestId: tag + "-slow", ProofKind: 100,
		VanillaProof: []byte("x=5;partitions=4;delay_ms=1000")})
	check(err == nil && sub.GetJobId() == tag+"-slow", "SubmitProof: job %s (%v)", sub.GetJobId(), err)
	aw, err := c.AwaitProof(ctx, &pb.AwaitProofRequest{JobId: tag + "-slow", TimeoutMs: 200})
	check(err == nil && aw.GetStatus() == pb.AwaitProofResponse_TIMEOUT, "AwaitProof 200 ms: %v (%v)", aw.GetStatus(), err)
	_, err = c.CancelProof(ctx, &pb.CancelProofRequest{JobId: tag + "-slow"})
	check(err == nil, "CancelProof (%v)", err)
	aw, err = c.AwaitProof(ctx, &pb.AwaitProofRequest{JobId: tag + "-slow", TimeoutMs: 20000})
	check(err == nil && aw.GetStatus() == pb.AwaitProofResponse_CANCELLED, "after the cancel: %v (%v)", aw.GetStatus(), err)
	_, err = c.AwaitProof(ctx, &pb.AwaitProofRequest{JobId: tag + "-none"})
	check(status.Code(err) == codes.NotFound, "AwaitProof of an unknown job: %v", status.Code(err))

	m, err := c.GetMetrics(ctx, &pb.GetMetricsRequest{})
	check(err == nil && strings.Contains(m.GetPrometheusText(), "cuzk_daemon_build_info{build_id="),
		"GetMetrics: the build id label (%v)", err)
	pl, err := c.PreloadSRS(ctx, &pb.PreloadSrsRequest{CircuitId: "test-a"})
	check(err == nil, "PreloadSRS test-a: already_loaded %v (%v)", pl.GetAlreadyLoaded(), err)
	ev, err := c.EvictSRS(ctx, &pb.EvictSrsRequest{CircuitId: "test-a"})
	check(err == nil && ev.GetWasLoaded(), "EvictSRS test-a: was_loaded %v, %d bytes (%v)", ev.GetWasLoaded(), ev.GetFreedBytes(), err)
	finish()
}

func finish() {
	fmt.Printf("%d passed, %d failed\n", passed, failed)
	if failed > 0 || passed == 0 {
		os.Exit(1)
	}
	os.Exit(0)
}
